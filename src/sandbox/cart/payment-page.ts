// PLACEHOLDER (replaced by the cart helper).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxContext } from '../context.js';
export async function handlePaymentRoute(
  _context: SandboxContext,
  _request: IncomingMessage,
  _url: URL,
  _body: string,
  _response: ServerResponse,
): Promise<boolean> {
  return false;
}
