/** A sandbox on a free loopback port and a client of the project talking to it. */
import { createPartnerClient, type PartnerClient } from '#src/api/client.js';
import { startSandbox, type Sandbox, type StartSandboxOptions } from '#src/sandbox/index.js';
import { testNow } from './clock.js';

export interface TestSandbox {
  sandbox: Sandbox;
  client: PartnerClient;
  /** POST (GET without a body) to a `/__sandbox` route, with the key; its JSON answer. */
  extra(path: string, body?: unknown): Promise<unknown>;
  close(): Promise<void>;
}

export async function startTestSandbox(options: StartSandboxOptions = {}): Promise<TestSandbox> {
  // Its clock starts (and resets) at the suite's pinned instant, not the machine's time.
  const sandbox = await startSandbox({ clockStart: testNow(), ...options });
  const client = createPartnerClient({
    baseUrl: sandbox.url,
    apiKey: options.apiKey ?? 'sandbox-key',
    retry: { limit: 1, delayMs: 1 },
  });
  return {
    sandbox,
    client,
    async extra(path, body) {
      const response = await fetch(`${sandbox.url}/__sandbox/${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `ApiKey ${sandbox.context().options.apiKey}`,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return response.json();
    },
    close: () => sandbox.close(),
  };
}
