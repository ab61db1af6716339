// Our credentials for one router: how they are sent (Basic, Bearer) and everything that must
// never come back out of the router's answers — the password, `user:password` and its Basic
// base64 form, and every token this session held (the Bearer value). `redact` is applied to
// each answer before it becomes a message, output, a --json document or an error.
import { configError } from '../../errors.js';
import { sanitizeLine } from '../../term/sanitize.js';
import { mayHoldSecret, normalise, redactDeep } from '../redact.js';

// Tokens remembered for redaction: the pre-issued one and the latest renewals.
const MAX_TOKENS = 8;

/** The Basic header of a password that was given (never of a missing one: no empty password is made up). */
export function basicHeader(user: string | undefined, password: string): string {
  return `Basic ${Buffer.from(`${user ?? ''}:${password}`, 'utf8').toString('base64')}`;
}

/** A user without a password (and no token) cannot log in: said before anything is sent. */
export function missingPasswordError(user: string, router: string, token = false) {
  const add = token ? '--profile, --password-file or --token-file' : '--profile or --password-file';
  return configError(`no password for ${sanitizeLine(user)} at ${sanitizeLine(router)}: add ${add}`);
}

export class Credentials {
  private readonly fixed: string[] = [];
  private readonly tokens: string[] = [];
  /** `secrets` as redact.ts wants them, made again only when a token is remembered. */
  private list: readonly string[] | undefined;
  /** The Basic header, made once: it was made again for every request. */
  private basicValue: string | undefined;

  constructor(
    readonly user: string | undefined,
    readonly password: string | undefined,
  ) {
    if (password !== undefined && password !== '') {
      const pair = `${user ?? ''}:${password}`;
      this.fixed.push(pair, Buffer.from(pair, 'utf8').toString('base64'));
      // A password equal to the user name is already printed as the user name (prompt, messages);
      // hiding every mention of the user would only garble the output. Its pair and Basic form
      // above are still redacted.
      if (password !== user) this.fixed.push(password);
    }
  }

  /** The Basic header of these credentials. */
  get basic(): string {
    if (this.password === undefined) throw missingPasswordError(this.user ?? '(no user)', 'the router');
    this.basicValue ??= basicHeader(this.user, this.password);
    return this.basicValue;
  }

  /** A token we hold (pre-issued or issued to us): redacted from now on. */
  remember(token: string): void {
    if (token === '' || this.tokens.includes(token)) return;
    this.tokens.push(token);
    if (this.tokens.length > MAX_TOKENS) this.tokens.shift();
    this.list = undefined;
  }

  /** Every secret of ours (non-empty, longest first). */
  get secrets(): readonly string[] {
    this.list ??= normalise([...this.fixed, ...this.tokens]);
    return this.list;
  }

  /** The parsed JSON answer `body` (text `raw`) with our secrets replaced. */
  redactBody<T>(body: T, raw: string): T {
    const secrets = this.secrets;
    return mayHoldSecret(raw, secrets) ? redactDeep(body, secrets) : body;
  }

  /** Whether an answer's text may hold one of our secrets (redactBody would change it). */
  mayHold(raw: string): boolean {
    return mayHoldSecret(raw, this.secrets);
  }

  /** A text answer (or one line of it) with our secrets replaced. */
  redactText(text: string): string {
    return redactDeep(text, this.secrets);
  }
}
