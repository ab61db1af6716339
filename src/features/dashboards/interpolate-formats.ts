// `${name:format}`: Grafana's advanced variable format options, as its documentation gives them
// (servers = ['test1', 'test2'] → csv `test1,test2`, pipe `test1|test2`, …). An explicit format
// replaces the data source's own formatting; an unknown format is glob, Grafana's fallback.

const luceneEscape = (v: string) => v.replace(/([!*+\-=<>\s&|()[\]{}^~?:\\/"])/g, '\\$1');
const jsRegexEscape = (v: string) => v.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&');
const glob = (vs: string[]) => (vs.length === 1 ? (vs[0] ?? '') : `{${vs.join(',')}}`);

/** `values` of variable `name` written in `format` (`all`: "All" is chosen, for `text`). */
export function formatAs(format: string, values: string[], all: boolean, name: string): string {
  const multi = values.length !== 1;
  const one = values[0] ?? '';
  switch (format.split(':')[0]) {
    case 'csv':
      return values.join(',');
    case 'distributed':
      return [one, ...values.slice(1).map((v) => `${name}=${v}`)].join(',');
    case 'doublequote':
      return values.map((v) => `"${v.replace(/"/g, '\\"')}"`).join(',');
    case 'singlequote':
      return values.map((v) => `'${v.replace(/'/g, "\\'")}'`).join(',');
    case 'sqlstring':
      return values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',');
    case 'json':
      return JSON.stringify(multi ? values : one);
    case 'lucene':
      return multi ? `(${values.map((v) => `"${luceneEscape(v)}"`).join(' OR ')})` : luceneEscape(one);
    case 'percentencode':
      return encodeURIComponent(glob(values));
    case 'pipe':
      return values.join('|');
    case 'raw':
      return glob(values);
    case 'regex':
      return multi ? `(${values.map(jsRegexEscape).join('|')})` : jsRegexEscape(one);
    case 'text':
      return all ? 'All' : values.join(' + ');
    case 'queryparam':
      return values.map((v) => `var-${encodeURIComponent(name)}=${encodeURIComponent(v)}`).join('&');
    default:
      return glob(values);
  }
}
