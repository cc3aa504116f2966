// `pnpm dev`: the API with reload and both Vite dev servers, stopped together.
import { spawn } from 'node:child_process';

const procs = [
  ['api', ['--filter', '@acompanha/api', 'dev']],
  ['portal', ['--filter', '@acompanha/portal', 'dev']],
  ['survey', ['--filter', '@acompanha/survey', 'dev']],
].map(([name, args]) => {
  const child = spawn('pnpm', args, { stdio: 'inherit' });
  child.on('exit', (code) => {
    console.log(`[${name}] exited with ${code}`);
    for (const p of procs) p.kill('SIGTERM');
    process.exit(code ?? 0);
  });
  return child;
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => procs.forEach((p) => p.kill(sig)));
