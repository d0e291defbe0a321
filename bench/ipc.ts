/** Messages a benchmark server child sends to `run.ts` over the fork IPC channel. */
export type ServerMessage =
  { type: 'ready'; port: number } | { type: 'failed'; message: string } | { type: 'cpu'; micros: number };

/** Messages `run.ts` sends to a server child: `cpu` asks for the CPU time it has used so far. */
export type ParentMessage = { type: 'cpu' };

/**
 * Common plumbing for a server child: report the port once listening, and never outlive the
 * parent (when the IPC channel closes, whatever the reason, the child exits).
 */
export function runServerChild(start: () => Promise<{ port: number; close: () => Promise<void> }>): void {
  const send = (message: ServerMessage) => {
    if (process.send) process.send(message);
  };
  let close: (() => Promise<void>) | undefined;
  const stop = (code: number) => {
    const forceExit = setTimeout(() => process.exit(code), 3000);
    forceExit.unref();
    (close ? close() : Promise.resolve()).then(
      () => process.exit(code),
      () => process.exit(code),
    );
  };
  process.on('message', (message: ParentMessage) => {
    if (message?.type !== 'cpu') return;
    const { user, system } = process.cpuUsage();
    send({ type: 'cpu', micros: user + system });
  });
  process.on('disconnect', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  process.on('SIGINT', () => stop(0));
  start().then(
    (server) => {
      close = server.close;
      send({ type: 'ready', port: server.port });
    },
    (error: unknown) => {
      send({
        type: 'failed',
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
      process.exit(1);
    },
  );
}
