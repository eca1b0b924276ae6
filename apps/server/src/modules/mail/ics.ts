/** An iCalendar (RFC 5545) file for a paid booking's days, in UTC so it needs no VTIMEZONE. */
import type { Ymd } from '@tabi/contract/dates';
import { addDays } from '@tabi/contract/dates';

export interface CalendarEvent {
  uid: string;
  /** YYYYMMDD, Tokyo's calendar. */
  day: Ymd;
  /** "HH:mm" in Tokyo when known: a timed event, otherwise an all-day one. */
  start: string | null;
  end: string | null;
  summary: string;
  location: string | null;
  description: string;
}

function escapeText(text: string): string {
  return text.replaceAll('\\', '\\\\').replaceAll(';', '\\;').replaceAll(',', '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets are folded (a CRLF and a space), never inside a character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (octets + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const HH_MM = /^\s*(\d{1,2})[:：](\d{2})/;

/** A Tokyo wall-clock time of a day as a UTC DATE-TIME (Tokyo is UTC+9 all year). */
function utcStamp(day: Ymd, time: string): string | null {
  const m = HH_MM.exec(time.normalize('NFKC'));
  if (!m) return null;
  const at = new Date(
    Date.UTC(
      Number(day.slice(0, 4)),
      Number(day.slice(4, 6)) - 1,
      Number(day.slice(6, 8)),
      Number(m[1]) - 9,
      Number(m[2]),
    ),
  );
  return stamp(at);
}

function stamp(at: Date): string {
  return `${at.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
}

export function buildIcs(events: CalendarEvent[], issuedAt: Date): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Sakura Travel//Options//JA',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
  ];
  for (const e of events) {
    const start = e.start ? utcStamp(e.day, e.start) : null;
    const end = start && e.end ? utcStamp(e.day, e.end) : null;
    lines.push('BEGIN:VEVENT', `UID:${e.uid}`, `DTSTAMP:${stamp(issuedAt)}`);
    if (start) {
      lines.push(`DTSTART:${start}`);
      if (end && end > start) lines.push(`DTEND:${end}`);
    } else {
      lines.push(`DTSTART;VALUE=DATE:${e.day}`, `DTEND;VALUE=DATE:${addDays(e.day, 1)}`);
    }
    lines.push(`SUMMARY:${escapeText(e.summary)}`);
    if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
    lines.push(`DESCRIPTION:${escapeText(e.description)}`, 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
