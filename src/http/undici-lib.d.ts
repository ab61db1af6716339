// The undici files the transport uses, imported by path: undici's index.js loads all of
// undici (fetch, WebSocket, caches, mocks: 1.1 MB bundled, ~40 ms at start-up) for a
// Client or Pool and one interceptor; the proxy's files (proxy-agent.ts) load only when a proxy is
// set. Typed by undici's own declarations.
declare module 'undici/lib/dispatcher/client.js' {
  import type { Client } from 'undici';
  const ClientClass: typeof Client;
  export default ClientClass;
}

declare module 'undici/lib/interceptor/redirect.js' {
  import type { interceptors } from 'undici';
  const redirect: typeof interceptors.redirect;
  export default redirect;
}

declare module 'undici/lib/core/connect.js' {
  import type { buildConnector } from 'undici';
  const build: typeof buildConnector;
  export default build;
}

declare module 'undici/lib/dispatcher/proxy-agent.js' {
  import type { ProxyAgent } from 'undici';
  const ProxyAgentClass: typeof ProxyAgent;
  export default ProxyAgentClass;
}

declare module 'undici/lib/dispatcher/pool.js' {
  import type { Pool } from 'undici';
  const PoolClass: typeof Pool;
  export default PoolClass;
}

declare module 'undici/lib/api/api-connect.js' {
  import type { Dispatcher } from 'undici';
  const connect: Dispatcher['connect'];
  export default connect;
}
