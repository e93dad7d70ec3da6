/**
 * Files sent by the customer (documents and photos) for questions that expect one.
 * Size and type are checked against the view's rules before anything is downloaded
 * (Telegram tells both); then getFile gives the file's path, and the content is fetched
 * from the Bot API's file endpoint under the configured API root (a local fake in
 * tests, or a self-hosted Bot API server) and handed to the engine in base64.
 */
import type { Api } from 'grammy';
import type { Document, PhotoSize } from 'grammy/types';
import type { FileInput } from '#src/domain/answers.js';
import type { Lang } from '#src/domain/lang.js';
import { telegramMessages } from './messages.js';

/** The Bot API does not let bots download files larger than this. */
export const BOT_API_DOWNLOAD_LIMIT = 20 * 1024 * 1024;

export interface FileRules {
  mimeTypes: string[];
  maxBytes: number;
}

/** A file the customer sent, as Telegram describes it. */
export interface IncomingFile {
  fileId: string;
  name?: string;
  mime: string;
  size?: number;
}

export function fromDocument(document: Document): IncomingFile {
  return {
    fileId: document.file_id,
    ...(document.file_name ? { name: document.file_name } : {}),
    mime: (document.mime_type ?? 'application/octet-stream').toLowerCase(),
    ...(document.file_size !== undefined ? { size: document.file_size } : {}),
  };
}

/** The largest size of a photo that fits the limit (Telegram sends photos as JPEG). */
export function fromPhoto(sizes: readonly PhotoSize[], maxBytes: number): IncomingFile {
  const bySize = [...sizes].sort((a, b) => (b.file_size ?? 0) - (a.file_size ?? 0));
  const fitting = bySize.find((size) => (size.file_size ?? 0) <= maxBytes) ?? bySize.at(-1)!;
  return {
    fileId: fitting.file_id,
    name: 'photo.jpg',
    mime: 'image/jpeg',
    ...(fitting.file_size !== undefined ? { size: fitting.file_size } : {}),
  };
}

export function mimeAccepted(mime: string, accepted: readonly string[]): boolean {
  return accepted.some((type) => {
    const wanted = type.toLowerCase();
    return wanted.endsWith('/*') ? mime.startsWith(wanted.slice(0, -1)) : mime === wanted;
  });
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

const TYPE_NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/*': 'images',
};

/** Why the file cannot be taken, in the customer's language; undefined when it can. */
export function refusal(file: IncomingFile, rules: FileRules, lang: Lang): string | undefined {
  const m = telegramMessages(lang);
  if (!mimeAccepted(file.mime, rules.mimeTypes)) {
    return m.fileType(rules.mimeTypes.map((type) => TYPE_NAMES[type] ?? type).join(', '));
  }
  const limit = Math.min(rules.maxBytes, BOT_API_DOWNLOAD_LIMIT);
  if (file.size !== undefined && file.size > limit) return m.fileTooLarge(formatBytes(limit));
  return undefined;
}

export class FileTooLargeError extends Error {
  override name = 'FileTooLargeError';
}

/** Downloads the file through getFile and the file endpoint; throws on any failure. */
export async function downloadFile(
  api: Api,
  options: { apiRoot: string; token: string; maxBytes: number },
  file: IncomingFile,
): Promise<FileInput> {
  const described = await api.getFile(file.fileId);
  if (!described.file_path) throw new Error('getFile returned no file_path');
  if (described.file_size !== undefined && described.file_size > options.maxBytes) {
    throw new FileTooLargeError(`file of ${described.file_size} bytes`);
  }
  const root = options.apiRoot.replace(/\/+$/, '');
  const response = await fetch(`${root}/file/bot${options.token}/${described.file_path}`, {
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`file download answered ${response.status}`);
  const content = Buffer.from(await response.arrayBuffer());
  if (content.length > options.maxBytes)
    throw new FileTooLargeError(`file of ${content.length} bytes`);
  return {
    ...(file.name ? { name: file.name } : {}),
    mime: file.mime,
    base64: content.toString('base64'),
  };
}
