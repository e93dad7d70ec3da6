// PLACEHOLDER (replaced by the packages helper).
import type { Handlers } from '../context.js';
export const packageHandlers: Handlers = {};
