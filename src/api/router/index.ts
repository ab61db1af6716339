// The router API client's public surface.
export {
  type CallOptions,
  type PostBody,
  RouterClient,
  type RouterClientConfig,
  responseBodyOf,
} from './client.js';
export { decodeEnvelope, decodeNodeInfo, decodeShowOutput, joinMessage } from './decode.js';
export { encodeWord, nodePath } from './encode.js';
