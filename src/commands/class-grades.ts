// `routersh class grades URL --csv|--json [--token-file F]`: every trainee's grades, read once
// with the instructor's token and written to stdout: CSV (features/class/grades, RFC 4180 with
// formula cells escaped) or one JSON document. Ctrl-C cancels the read.
import { ClassClient, INSTRUCTOR_TLS_FIXES } from '../api/class/client.js';
import type { CommandIo } from '../contract/command-io.js';
import { type Ending, OK } from '../errors.js';
import { gradesCsv } from '../features/class/grades/grades-csv.js';
import { jsonText } from '../term/sanitize.js';
import type { GradesArgs } from './class-args.js';
import { instructorToken } from './class-token.js';

export async function runClassGrades(args: GradesArgs, io: CommandIo): Promise<Ending> {
  const token = await instructorToken(args.tokenFile, io);
  const client = new ClassClient({ url: args.url, auth: { bearer: token }, tlsFixes: INSTRUCTOR_TLS_FIXES });
  const ac = new AbortController();
  const stop = io.onInterrupt(() => ac.abort());
  try {
    const grades = await client.grades(ac.signal);
    io.out(args.format === 'csv' ? gradesCsv(grades) : `${jsonText(grades)}\n`);
    return OK;
  } finally {
    stop();
    await client.close();
  }
}
