/**
 * Reading a file staff shared, for the customer: from the fake Slack's private URL with
 * the bot token; never the token to another host a message event could name; a file over
 * the limit is not read at all.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchSharedFile, STAFF_FILE_MAX_BYTES } from '#src/channels/slack/support/staff-files.js';
import { startFakeSlack, type FakeSlack } from '#test/support/fake-slack.js';

const TOKEN = 'xoxb-files-token';
let slack: FakeSlack;
let elsewhere: Server;
let elsewhereUrl: string;
const seenElsewhere: (string | undefined)[] = [];

beforeAll(async () => {
  slack = await startFakeSlack();
  elsewhere = createServer((request, response) => {
    seenElsewhere.push(request.headers.authorization);
    response.end('not a file of Slack');
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  elsewhereUrl = `http://localhost:${(elsewhere.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await slack?.close();
  await new Promise((resolve) => elsewhere?.close(resolve));
});

describe('a file staff shared', () => {
  it('is read from Slack with the bot token, its name and type kept', async () => {
    const data = Buffer.from('%PDF-1.4 receipt');
    const shared = slack.shareFile('receipt.pdf', 'application/pdf', data);
    const fetched = await fetchSharedFile(shared, { token: TOKEN, apiUrl: slack.apiUrl });
    expect(fetched).toEqual({
      ok: true,
      file: { name: 'receipt.pdf', mime: 'application/pdf', base64: data.toString('base64') },
    });
    expect(slack.downloads.at(-1)).toEqual({ id: shared.id, token: TOKEN });
  });

  it('never sends the token to a host that is not Slack’s', async () => {
    const shared = {
      ...slack.shareFile('x.pdf', 'application/pdf', Buffer.from('x')),
      url_private_download: `${elsewhereUrl}/files-pri/F1/x.pdf`,
    };
    const fetched = await fetchSharedFile(shared, { token: TOKEN, apiUrl: slack.apiUrl });
    expect(fetched).toEqual({ ok: false, why: 'unreadable' });
    expect(seenElsewhere).toEqual([]);
  });

  it('over the limit is not read', async () => {
    const shared = {
      ...slack.shareFile('big.pdf', 'application/pdf', Buffer.from('x')),
      size: STAFF_FILE_MAX_BYTES + 1,
    };
    const downloads = slack.downloads.length;
    expect(await fetchSharedFile(shared, { token: TOKEN, apiUrl: slack.apiUrl })).toEqual({
      ok: false,
      why: 'too-large',
    });
    expect(slack.downloads.length).toBe(downloads);
  });
});
