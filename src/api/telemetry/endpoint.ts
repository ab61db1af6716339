// What a telemetry client is pointed at: the base URL and the key, checked before any request.
import { configError } from '../../errors.js';

export function parseBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw configError('the telemetry URL is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw configError('the telemetry URL must be http or https');
  if (url.username !== '' || url.password !== '')
    throw configError('the telemetry URL must not hold credentials');
  if (url.search !== '' || url.hash !== '')
    throw configError('the telemetry URL must not have a query or fragment');
  return url;
}

/** Checked here so undici never builds an error message around the key's text. */
export function checkApiKey(apiKey: string): void {
  if (!/^[\x21-\x7e]+$/.test(apiKey))
    throw configError('the telemetry API key is empty or has characters not allowed in a header');
}
