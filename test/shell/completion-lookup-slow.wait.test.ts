// The keystroke path against a slow router (500 ms a request): typing `interface ` key by
// key, each key aborts the previous background lookup, yet the root request that every one of
// those lookups needs stays in flight: one root request, not one per key.
import { afterAll, expect, it } from 'vitest';
import { RouterClient } from '../../src/api/router/client.js';
import { MetadataCache } from '../../src/lang/index.js';
import { createCompletionLookup } from '../../src/shell/completion-lookup.js';
import { edit, initPrompt, type PromptState } from '../../src/shell/prompt-state.js';
import { type HostileRouter, startHostileRouter } from '../hostile/router.js';

let router: HostileRouter;
let client: RouterClient;
afterAll(async () => {
  await client?.close();
  await router?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('typing `interface ` against a 500 ms router sends one root request, and the hint comes', async () => {
  router = await startHostileRouter({ delayMs: 500 });
  client = new RouterClient({
    baseUrl: router.url,
    user: 'admin',
    password: 'admin',
    auth: 'basic',
    timeoutMs: 5000,
  });
  const cache = new MetadataCache((words, signal) => client.nodeInfo(words, { signal }));
  let prompt: PromptState = initPrompt();
  const lookup = createCompletionLookup(
    () => prompt,
    (s) => {
      prompt = s;
    },
    () => ({ cache, context: [], valueCompleter: undefined }),
  );
  // Keys 30 ms apart: the whole word is typed while the first root request is still out.
  for (const ch of 'interface ') {
    prompt = edit(prompt, { type: 'insert', text: ch });
    lookup.decorate();
    await sleep(30);
  }
  const lastKey = performance.now();
  const deadline = lastKey + 5000;
  while (prompt.hint === undefined && performance.now() < deadline) await sleep(10);
  const latency = Math.round(performance.now() - lastKey);
  lookup.dispose();
  const roots = router.requests.filter((r) => r.method === 'GET' && /^\/api\/?$/.test(r.url));
  expect(prompt.hint).toBeDefined();
  expect(roots).toHaveLength(1);
  expect(router.closedByClient()).toBe(0);
  console.log(`hint ${latency} ms after the last key; ${router.requests.length} requests`);
});
