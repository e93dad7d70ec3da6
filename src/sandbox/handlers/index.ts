/** Every operation the sandbox serves, by operation name. */
import { cartHandlers } from '../cart/handlers.js';
import type { Handlers } from '../context.js';
import { packageHandlers } from '../packages/handlers.js';
import { readHandlers } from '../reads/handlers.js';

export const handlers: Handlers = { ...readHandlers, ...cartHandlers, ...packageHandlers };
