// Started by embedded.test.ts: runs an embedded PostgreSQL in the given folder, writes a row, says
// READY and waits to be killed (with SIGKILL, as a crash would).
import pg from 'pg';
import { startEmbeddedPostgres } from '../../src/server/platform/db/embedded';

const db = await startEmbeddedPostgres(process.argv[2]!);
const client = new pg.Client({ connectionString: db.url });
await client.connect();
await client.query('create table survived (note text)');
await client.query("insert into survived values ('written before the crash')");
await client.end();
process.stdout.write('READY\n');
setInterval(() => {}, 1000);
