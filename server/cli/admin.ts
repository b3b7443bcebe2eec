// `npm run admin -- <command> [args]`: operator commands against the configured database
// (DATABASE_URL, else the PGlite folder in DATA_DIR). Bad arguments print usage and exit 2; a failed
// command exits 1 and, since each command works in one transaction, leaves nothing half-done.
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { systemClock, type Clock } from '../services/platform/clock.ts';
import { UsageError, type AdminCommand } from './admin-command.ts';
import { accommodationsCommand } from './commands/accommodations.ts';
import { blobsCommand } from './commands/blobs.ts';
import { companyCommand } from './commands/company.ts';
import { examCommand } from './commands/exam.ts';
import { institutionCommand } from './commands/institution.ts';
import { licenceCommand } from './commands/licence.ts';
import { memberCommand } from './commands/member.ts';
import { certificateCommand } from './commands/certificate.ts';
import { keysCommand } from './commands/keys.ts';
import { ssoLinkCommand } from './commands/sso-link.ts';
import { retentionCommand } from './commands/retention.ts';
import { photoCommand } from './commands/photo.ts';
import { shipmentCommand } from './commands/shipment.ts';
import { staffCommand } from './commands/staff.ts';
import { sessionCommand } from './commands/session.ts';
import { insightsCommand } from './commands/insights.ts';

const commands: AdminCommand[] = [institutionCommand, memberCommand, licenceCommand, companyCommand, examCommand, ssoLinkCommand, certificateCommand, keysCommand, shipmentCommand, retentionCommand, photoCommand, staffCommand, blobsCommand, accommodationsCommand, sessionCommand, insightsCommand];

export function usageText(list: AdminCommand[] = commands): string {
  return ['usage: npm run admin -- <command> [args]', '', ...list.flatMap((c) => [
    `  ${c.name}: ${c.summary}`, ...c.usage.map((u) => `      ${u}`),
  ])].join('\n');
}

export async function runAdmin(argv: string[], env: Record<string, string | undefined> = process.env,
  out: (line: string) => void = (l) => console.log(l), err: (line: string) => void = (l) => console.error(l),
  list: AdminCommand[] = commands, clock: Clock = systemClock): Promise<number> {
  const [name, ...rest] = argv;
  const command = list.find((c) => c.name === name);
  if (!command) {
    err(name && name !== 'help' && name !== '--help' ? `unknown command: ${name}\n` : '');
    err(usageText(list));
    return name === 'help' || name === '--help' ? 0 : 2;
  }
  const config = loadConfig(env);
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  } catch (e) {
    // The running server holds the PGlite folder (DataDirLockedError says who and what to do).
    err(`${command.name} refused: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
  try {
    await database.migrate();
    await command.run(rest, { config, database, clock, out });
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      err(`${command.name}: ${e.message}`);
      err(command.usage.map((u) => `usage: npm run admin -- ${u}`).join('\n'));
      return 2;
    }
    err(`${command.name} failed: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runAdmin(process.argv.slice(2));
}
