// PLACEHOLDER (replaced by the reads helper).
import type { Handlers } from '../context.js';
export const readHandlers: Handlers = {};
