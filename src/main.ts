/**
 * Entry point of `npm start`. The chat channels arrive with the booking conversation
 * (issue "The booking conversation"); until then this validates the configuration and
 * says so.
 */
import { loadConfig } from './config.js';

loadConfig();
console.error(
  'The chat is not built yet: it arrives with the booking conversation issue. ' +
    'Meanwhile `npm run sandbox` serves the partner-service simulator and ' +
    '`npm run api -- <operation>` calls it.',
);
