// The self-description documents: OpenAPI 3.0 YAML, the client guide and a tiny HTML browser.

const timeProp = '{ type: string, format: date-time }';

function op(summary: string, props: Record<string, string>, required: string[], data: string): string {
  const p = Object.entries(props)
    .map(([k, v]) => `                ${k}: ${v}`)
    .join('\n');
  return `      summary: ${summary}
      security: [{ apiKey: [] }]
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              additionalProperties: false
${required.length ? `              required: [${required.join(', ')}]\n` : ''}              properties:
${p}
      responses:
        '200':
          description: ${data}
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Envelope' }
        default:
          description: Error
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Error' }`;
}

const Q = '{ type: string }';
const I = '{ type: integer }';
const A = '{ type: array, items: { type: string } }';

const POSTS: Array<[string, string, Record<string, string>, string[], string]> = [
  [
    '/metrics/query',
    'Instant MetricsQL query',
    { expression: Q, time: timeProp },
    ['expression'],
    'Vector result',
  ],
  [
    '/metrics/query-range',
    'Range MetricsQL query',
    { expression: Q, start: timeProp, end: timeProp, step_seconds: I },
    ['expression', 'start', 'end'],
    'Matrix result',
  ],
  [
    '/metrics/names',
    'Metric names',
    { start: timeProp, end: timeProp, limit: I },
    ['start', 'end'],
    '{ values: [string] }',
  ],
  [
    '/metrics/labels',
    'Label names',
    { start: timeProp, end: timeProp, matchers: A, limit: I },
    ['start', 'end'],
    '{ values: [string] }',
  ],
  [
    '/metrics/label-values',
    'Values of a label',
    { label: Q, start: timeProp, end: timeProp, matchers: A, limit: I },
    ['label', 'start', 'end'],
    '{ values: [string] }',
  ],
  [
    '/logs/search',
    'LogsQL search, newest first',
    { query: Q, start: timeProp, end: timeProp, limit: I, offset: I },
    [],
    '{ records: [object] }',
  ],
  [
    '/logs/histogram',
    'Hit counts over time',
    { query: Q, start: timeProp, end: timeProp, step_seconds: I, group_by: A },
    [],
    '{ hits: [{ fields, timestamps, values, total }] }',
  ],
  [
    '/logs/facets',
    'Most frequent values per field',
    { query: Q, start: timeProp, end: timeProp, limit_per_field: I },
    [],
    '{ facets: [{ field_name, values: [{ field_value, hits }] }] }',
  ],
  [
    '/logs/fields',
    'Field names',
    { query: Q, start: timeProp, end: timeProp, filter: Q, limit: I },
    [],
    '{ values: [{ value, hits }] }',
  ],
  [
    '/logs/field-values',
    'Values of a field',
    { field: Q, query: Q, start: timeProp, end: timeProp, filter: Q, limit: I },
    ['field'],
    '{ values: [{ value, hits }] }',
  ],
];

const get = (summary: string, type: string) => `    get:
      summary: ${summary}
      security: [{ apiKey: [] }]
      responses:
        '200':
          description: OK
          content:
            ${type}: {}`;

export const OPENAPI_YAML = `openapi: 3.0.3
info:
  title: External Telemetry API
  version: '1'
  description: Read-only, organization-scoped metrics (MetricsQL) and logs (LogsQL). Simulator.
servers:
  - url: /api/v1
components:
  securitySchemes:
    apiKey: { type: apiKey, in: header, name: X-API-Key }
  schemas:
    Envelope:
      type: object
      required: [data, meta]
      properties:
        data: { type: object }
        meta:
          type: object
          properties:
            request_id: { type: string }
            source: { type: string, enum: [stats_api, store_metrics, store_logs] }
            limits: { type: object }
            truncated: { type: boolean }
            data_available_from: { type: string, format: date-time }
            pagination:
              type: object
              properties:
                offset: { type: integer }
                limit: { type: integer }
                next_offset: { type: integer }
    Error:
      type: object
      required: [error]
      properties:
        error:
          type: object
          required: [code, message, request_id]
          properties:
            code: { type: string }
            message: { type: string }
            details: { type: object }
            request_id: { type: string }
paths:
  /capabilities:
${get('Providers, operations and limits', 'application/json')}
  /openapi.yaml:
${get('This document', 'application/yaml')}
  /client-guide.md:
${get('Client guide', 'text/markdown')}
  /docs:
${get('API browser', 'text/html')}
${POSTS.map(([path, summary, props, req, data]) => `  ${path}:\n    post:\n${op(summary, props, req, data)}`).join('\n')}
`;

export const CLIENT_GUIDE = `# Telemetry API client guide (simulator)

- Send the key in \`X-API-Key\` on every request; never in a URL.
- Read \`GET /api/v1/capabilities\` at start-up and respect its limits.
- POST bodies are JSON objects; unknown fields are rejected with 400.
- Timestamps: RFC 3339 in requests; UTC RFC 3339 with nanoseconds in responses.
- Metrics: 31 days per query at most, nothing before \`data_available_from\` (422 \`range_not_available\`),
  results over 1000 series / 11000 points per series / 100000 points give 422 \`result_too_large\`.
  Range query samples sit at start rounded up to the step, then every step.
- Logs search returns records newest first; follow \`meta.pagination.next_offset\` while present.
  Without start/end, logs operations cover the last hour.
- Retry only 429 (after \`Retry-After\`) and 502/503/504, bounded, with jitter.
`;

export const DOCS_HTML = `<!doctype html>
<html><head><meta charset="utf-8"><title>Telemetry API</title></head>
<body><h1>External Telemetry API v1</h1>
<p>Simulator. See <a href="openapi.yaml">openapi.yaml</a> and <a href="client-guide.md">client-guide.md</a>.</p>
</body></html>
`;
