import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Embed, ReplyPayload } from '../src/common';

/** One message as a Discord user sees it. */
export interface Shown {
  author: string;
  payload: ReplyPayload;
  /** "Only you can see this" */
  ephemeral?: boolean;
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The little Markdown the bot writes: **bold**, `code`, line breaks. */
const markdown = (text: string) =>
  escape(text)
    .replace(/\*\*(.+?)\*\*/g, '<b>$1</b>')
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\n/g, '<br>');

function embed(e: Embed): string {
  const colour = `#${(e.color ?? 0x4f545c).toString(16).padStart(6, '0')}`;
  const fields = (e.fields ?? [])
    .map(
      (f) =>
        `<div class="field${f.inline ? ' inline' : ''}"><div class="name">${markdown(f.name)}</div><div>${markdown(f.value)}</div></div>`,
    )
    .join('');
  return `<div class="embed" style="border-left-color:${colour}">${e.title ? `<div class="title">${markdown(e.title)}</div>` : ''}${e.description ? `<div>${markdown(e.description)}</div>` : ''}<div class="fields">${fields}</div>${e.footer ? `<div class="footer">${markdown(e.footer.text)}</div>` : ''}</div>`;
}

/** A page looking like a Discord channel (dark theme), from the bot's own message payloads. */
export function channelHtml(messages: Shown[]): string {
  const body = messages
    .map(
      (m) =>
        `<div class="message"><div class="author">${escape(m.author)}${m.author === 'Arbiter' ? ' <span class="bot">BOT</span>' : ''}</div>${m.payload.content ? `<div>${markdown(m.payload.content)}</div>` : ''}${(m.payload.embeds ?? []).map(embed).join('')}${m.ephemeral ? '<div class="only">👁 Only you can see this</div>' : ''}</div>`,
    )
    .join('');
  return `<!doctype html><meta charset="utf-8"><style>
body{background:#313338;color:#dbdee1;font:15px/1.4 "DejaVu Sans",sans-serif;margin:0;padding:12px 16px;width:720px}
.message{margin:0 0 14px}.author{color:#f2f3f5;font-weight:600;margin-bottom:2px}
.bot{background:#5865f2;color:#fff;font-size:10px;border-radius:3px;padding:1px 4px;vertical-align:middle}
.embed{background:#2b2d31;border-left:4px solid;border-radius:4px;padding:8px 12px;margin-top:4px;max-width:520px}
.title{font-weight:600;color:#f2f3f5;margin-bottom:4px}.fields{display:flex;flex-wrap:wrap;gap:4px 0}
.field{flex:0 0 100%;margin-top:4px}.field.inline{flex:0 0 33%}.name{font-weight:600;color:#f2f3f5;font-size:13px}
.footer{font-size:12px;color:#949ba4;margin-top:6px}.only{font-size:12px;color:#949ba4;margin-top:2px}
code{background:#1e1f22;padding:0 3px;border-radius:3px}
</style>${body}`;
}

/**
 * Writes the page and a PNG of it with headless Chromium (Debian's `chromium`), for the README.
 * Returns false when Chromium is not there.
 */
export function screenshot(dir: string, name: string, messages: Shown[]): boolean {
  mkdirSync(dir, { recursive: true });
  const page = resolve(join(dir, `${name}.html`));
  writeFileSync(page, channelHtml(messages));
  const lines = messages.reduce(
    (n, m) =>
      n +
      3 +
      (m.payload.content?.split('\n').length ?? 0) +
      (m.payload.embeds ?? []).reduce((k, e) => k + 3 + (e.fields?.length ?? 0) * 1.5, 0),
    0,
  );
  const height = Math.min(2000, Math.max(160, Math.round(lines * 22) + 40));
  const shot = spawnSync(
    'chromium',
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--hide-scrollbars',
      `--window-size=752,${height}`,
      `--screenshot=${resolve(join(dir, `${name}.png`))}`,
      `file://${page}`,
    ],
    { encoding: 'utf8', timeout: 60_000 },
  );
  return shot.status === 0;
}
