/**
 * The slow part of a listener, after Slack has been answered: if it fails, the person
 * is told so (Slack would otherwise show nothing) and the error goes on to the app's
 * error handler.
 */
import { FAILED } from '../blocks/common.js';

export async function afterAck(
  work: () => Promise<void>,
  tell: (text: string) => Promise<unknown>,
): Promise<void> {
  try {
    await work();
  } catch (error) {
    await tell(FAILED).catch(() => undefined);
    throw error;
  }
}
