// `npm start`: one command runs the whole product — builds the SPA if needed and the server bundle, then the server,
// which migrates, seeds the demo on a fresh database and prints its URL and the demo logins.
import { spawn } from 'node:child_process';
import { buildServer, serverNodeArgs } from './build-server.mjs';
import { ensureBuild } from './ensure-build.mjs';

let bundle;
try {
  ensureBuild();
  bundle = await buildServer();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const server = spawn(process.execPath, [...serverNodeArgs(process.env), bundle, ...process.argv.slice(2)], {
  stdio: 'inherit',
});

// Forward signals so Ctrl-C or a container stop lets the server close the database cleanly.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 : 1));
});
