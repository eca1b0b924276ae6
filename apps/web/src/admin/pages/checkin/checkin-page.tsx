import type { StaffMe } from '@tabi/contract/admin';
import {
  CHECKIN_VERDICT_LABEL,
  type CheckinAnswer,
  type CheckinCounts,
  type CheckinDeparture,
} from '@tabi/contract/checkin';
import { tokyoYmd } from '@tabi/contract/dates';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AdminPage } from '../../components/page.tsx';
import { errorText } from '../../lib/admin-api.ts';
import { inputToYmd, tokyoDateTime, ymdToInput } from '../../lib/format.ts';
import { meQueryKey } from '../../lib/staff-session.ts';
import { unreachable, useCheckinDay, useNoShows, useOfflinePack, useScan, useUndo } from './checkin-api.ts';
import styles from './checkin-page.module.css';
import { useInstallableScanner } from './install.ts';
import { countsOf, type Departure, departureKey, type Scanned, scanOffline, withBooking } from './offline-copy.ts';
import { OfflineStatus, ReviewList } from './offline-panel.tsx';
import { copyOf, recordOfflineScan, updateCopy, useOfflineStore } from './offline-store.ts';
import { useNetwork, useOfflineSync } from './offline-sync.ts';
import { OfflineWords } from './offline-words.ts';
import { createQrReader, readPhoto } from './qr-reader.ts';

const DEVICE_KEY = 'tabi-checkin-device';
/** The same code seen again by the camera within this time is the same scan. */
const SAME_CODE_MS = 4_000;

/** A departure as the select names it: 「10:00〜11:30 OP0012 湖のクルーズ」, 「終日」 for a whole day. */
function departureLabel(d: CheckinDeparture): string {
  const time = d.startTime ? `${d.startTime}〜${d.endTime}` : '終日';
  return `${time} ${d.webname}（${d.opcd}）`;
}
const keyOf = (d: Pick<CheckinDeparture, 'opcd' | 'startTime'>) => `${d.opcd}|${d.startTime}`;

function sumCounts(list: CheckinDeparture[]): CheckinCounts {
  return list.reduce(
    (all, d) => ({
      arrived: all.arrived + d.counts.arrived,
      expected: all.expected + d.counts.expected,
      noShows: all.noShows + d.counts.noShows,
    }),
    { arrived: 0, expected: 0, noShows: 0 },
  );
}

/** The device's own name, kept on it: every scan and undo says which device made it. */
function useDeviceName(): [string, (name: string) => void] {
  const [name, setName] = useState(() => localStorage.getItem(DEVICE_KEY) ?? '');
  return [
    name,
    (next) => {
      localStorage.setItem(DEVICE_KEY, next);
      setName(next);
    },
  ];
}

function DeviceName({ onSave }: { onSave: (name: string) => void }) {
  const id = useId();
  const [value, setValue] = useState('');
  return (
    <form
      className={styles.device}
      onSubmit={(e) => {
        e.preventDefault();
        if (value.trim()) onSave(value.trim());
      }}
    >
      <label htmlFor={id}>この端末の名前（履歴に残ります。例：受付1）</label>
      <div className={styles.inline}>
        <input id={id} value={value} maxLength={60} required onChange={(e) => setValue(e.target.value)} />
        <button type="submit" className="adm-primary">
          決定
        </button>
      </div>
    </form>
  );
}

/** The camera's view, read a few times a second until it is closed. */
function Camera({ onCode, onError }: { onCode: (code: string) => void; onError: (message: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const handlers = useRef({ onCode, onError });
  handlers.current = { onCode, onError };
  useEffect(() => {
    let stream: MediaStream | undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = { code: '', at: 0 };
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch {
        handlers.current.onError('カメラを使えません。予約番号を入力するか、写真から読み取ってください。');
        return;
      }
      const element = video.current;
      if (stopped || !element) return;
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      const reader = await createQrReader();
      const tick = async () => {
        if (stopped) return;
        const code = await reader.read(element).catch(() => null);
        const now = Date.now();
        if (code && (code !== last.code || now - last.at > SAME_CODE_MS)) {
          last = { code, at: now };
          handlers.current.onCode(code);
        }
        timer = setTimeout(tick, 250);
      };
      void tick();
    })();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);
  return <video ref={video} className={styles.video} muted playsInline aria-label="カメラの映像" />;
}

const TONE: Record<CheckinAnswer['verdict'], string | undefined> = {
  ok: styles.ok,
  already: styles.already,
  wrong_day: styles.bad,
  wrong_departure: styles.bad,
  canceled: styles.bad,
  not_paid: styles.bad,
  unknown: styles.bad,
};

/**
 * The answer of a scan, filling the top of the screen in its colour; one answered from the offline copy says so, and
 * has no undo (the check-in is not on the server yet).
 */
function Result({
  answer,
  offline,
  busy,
  canUndo,
  onUndo,
  onNext,
}: {
  answer: CheckinAnswer;
  offline: boolean;
  busy: boolean;
  canUndo: boolean;
  onUndo: (seqs: number[]) => void;
  onNext: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const b = answer.booking;
  const good = answer.verdict === 'ok' || answer.verdict === 'already';
  return (
    <section
      className={`${styles.result} ${TONE[answer.verdict] ?? ''}`}
      aria-labelledby="checkin-verdict"
      data-testid="checkin-result"
      data-verdict={answer.verdict}
      data-offline={offline || undefined}
    >
      {offline && <p className={styles.checkedOffline}>{OfflineWords.checkedOffline}</p>}
      <h2 id="checkin-verdict" ref={heading} tabIndex={-1} className={styles.verdict}>
        {answer.verdict === 'ok' ? '✔ ' : answer.verdict === 'already' ? '！ ' : '✖ '}
        {CHECKIN_VERDICT_LABEL[answer.verdict]}
      </h2>
      {offline && answer.verdict === 'ok' && <p>{OfflineWords.queued}</p>}
      {offline && answer.verdict === 'unknown' && <p>{OfflineWords.notInCopy}</p>}
      {answer.first && (
        <p className={styles.first}>
          最初のチェックイン：{tokyoDateTime(answer.first.at)}・{answer.first.by}・端末「{answer.first.device}」
        </p>
      )}
      {b && (
        <>
          <p className={styles.who}>
            {b.applicant} 様　<span className={styles.mono}>{b.rsvno}</span>
          </p>
          <p>
            {b.webname}　{b.usedate.slice(4, 6)}/{b.usedate.slice(6, 8)} {b.startTime || '終日'}　{b.statusLabel}
          </p>
          <ul className={styles.travellers} aria-label="参加者">
            {b.travellers.map((tr) => (
              <li key={tr.seq}>
                <span>
                  {tr.seq}. {tr.name}（{tr.ageClass}）
                </span>
                <span className={styles.mark}>
                  {tr.arrived ? `到着 ${tokyoDateTime(tr.arrived.at).slice(-5)}` : tr.noShow ? '無断不参加' : '未到着'}
                </span>
                {good && tr.arrived && (
                  <button type="button" disabled={busy || !canUndo} onClick={() => onUndo([tr.seq])}>
                    取り消す
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <button type="button" className={`adm-primary ${styles.next}`} onClick={onNext}>
        次を読み取る
      </button>
    </section>
  );
}

/** The signed-in staff member's address (the shell has loaded it): a check-in made offline names who made it. */
function useStaffMail(): string {
  return useQueryClient().getQueryData<StaffMe>(meQueryKey)?.mail ?? '';
}

/** A queued check-in's own name (crypto.randomUUID is for secure contexts only). */
const scanId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * チェックイン (ADR 0215): a phone held in one hand at the door. It keeps the chosen departure's pack and answers from
 * it while the network is away, queueing the check-ins it makes to send when the network returns (DESIGN §17).
 */
export function CheckinPage() {
  useInstallableScanner();
  const [params, setParams] = useSearchParams();
  const usedate = params.get('date') ?? tokyoYmd(new Date());
  const departure = params.get('dep') ?? '';
  const [device, setDevice] = useDeviceName();
  const by = useStaffMail();
  const day = useCheckinDay(usedate);
  const scan = useScan(usedate);
  const undo = useUndo(usedate);
  const noShows = useNoShows(usedate);
  const [result, setResult] = useState<{ answer: CheckinAnswer; offline: boolean } | null>(null);
  const answer = result?.answer ?? null;
  const [message, setMessage] = useState<string | null>(null);
  const [camera, setCamera] = useState(false);
  const [typed, setTyped] = useState('');
  const [confirmNoShows, setConfirmNoShows] = useState(false);
  const ids = { date: useId(), dep: useId(), rsvno: useId(), photo: useId() };

  const departures = day.data?.departures ?? [];
  const chosen = departures.find((d) => keyOf(d) === departure);
  const [opcd = '', startTime = ''] = departure ? departure.split('|') : [];
  const here: Departure = { usedate, opcd, startTime };
  const store = useOfflineStore();
  const copy = store.pack(here);
  const pack = useOfflinePack(here);
  const network = useNetwork();
  const { reached } = network;
  useOfflineSync(store.queue.length, reached, setMessage);
  // The counts' refresh every few seconds tells first whether the server is reachable.
  useEffect(() => {
    if (day.dataUpdatedAt || pack.dataUpdatedAt) reached(true);
  }, [day.dataUpdatedAt, pack.dataUpdatedAt, reached]);
  useEffect(() => {
    if (unreachable(day.error) || unreachable(pack.error)) reached(false);
  }, [day.error, pack.error, reached]);
  const offline = network.offline;
  // Offline, the copy has this device's check-ins; the day's counts are the server's when it was last reached.
  const counts = copy && (offline || !day.data) ? countsOf(copy) : chosen ? chosen.counts : sumCounts(departures);

  const set = (name: string, value: string) =>
    setParams(
      (p) => {
        if (value) p.set(name, value);
        else p.delete(name);
        return p;
      },
      { replace: true },
    );

  /** The server's answer for a booking, also put in the copy (so that it says `already` offline later). */
  function answered(next: CheckinAnswer) {
    reached(true);
    const booking = next.booking;
    if (booking) updateCopy(departureKey(here), (p) => withBooking(p, booking));
    setResult({ answer: next, offline: false });
  }

  function answerOffline(scanned: Scanned) {
    const kept = copyOf(here);
    if (!kept) {
      setMessage(OfflineWords.noCopy);
      return;
    }
    const done = scanOffline(kept, scanned, { device, by }, new Date(), scanId());
    if (done.queued) recordOfflineScan(done.copy, done.queued);
    setResult({ answer: done.answer, offline: true });
  }

  async function submit(input: Scanned) {
    setMessage(null);
    if (!navigator.onLine) {
      answerOffline(input);
      return;
    }
    try {
      answered(
        await scan.mutateAsync({
          usedate,
          opcd,
          start_time: startTime,
          device,
          code: input.code ?? '',
          rsvno: input.rsvno ?? '',
        }),
      );
    } catch (error) {
      if (unreachable(error)) {
        reached(false);
        answerOffline(input);
      } else setMessage(errorText(error));
    }
  }

  async function undoSome(seqs: number[]) {
    if (!answer?.booking) return;
    try {
      answered(await undo.mutateAsync({ rsvno: answer.booking.rsvno, seqs, device }));
    } catch (error) {
      if (unreachable(error)) reached(false);
      setMessage(errorText(error));
    }
  }

  async function onPhoto(file: File | undefined) {
    if (!file) return;
    const code = await readPhoto(file).catch(() => null);
    if (code) await submit({ code });
    else setMessage('写真からQRコードを読み取れませんでした。明るい場所で、QRコード全体が写るように撮影してください。');
  }

  function onTyped(event: FormEvent) {
    event.preventDefault();
    if (typed.trim()) void submit({ rsvno: typed.trim() });
  }

  async function markNoShows() {
    setConfirmNoShows(false);
    try {
      const done = await noShows.mutateAsync({ usedate, opcd, start_time: startTime, device });
      setMessage(`${done.marked}名を無断不参加として記録しました。`);
    } catch (error) {
      if (unreachable(error)) reached(false);
      setMessage(errorText(error));
    }
  }

  return (
    <AdminPage title="チェックイン" className={styles.page}>
      <div className={styles.controls}>
        <div>
          <label htmlFor={ids.date}>利用日</label>
          <input
            id={ids.date}
            type="date"
            value={ymdToInput(usedate)}
            onChange={(e) => {
              set('date', inputToYmd(e.target.value));
              set('dep', '');
            }}
          />
        </div>
        <div>
          <label htmlFor={ids.dep}>出発（便）</label>
          <select id={ids.dep} value={departure} onChange={(e) => set('dep', e.target.value)}>
            <option value="">この日のすべて</option>
            {departures.map((d) => (
              <option key={keyOf(d)} value={keyOf(d)}>
                {departureLabel(d)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className={styles.counts} data-testid="checkin-counts" aria-live="polite">
        到着 <strong>{counts.arrived}</strong> / 予定 <strong>{counts.expected}</strong> 名
        {counts.noShows > 0 && <span>（無断不参加 {counts.noShows} 名）</span>}
      </p>
      <OfflineStatus offline={offline} copy={copy} pending={store.queue.length} />
      <ReviewList items={store.review} />

      {!device ? (
        <DeviceName onSave={setDevice} />
      ) : (
        <>
          {result && (
            <Result
              answer={result.answer}
              offline={result.offline}
              busy={undo.isPending}
              canUndo={!offline && !result.offline}
              onUndo={(seqs) => void undoSome(seqs)}
              onNext={() => setResult(null)}
            />
          )}
          {message && (
            <p className={styles.message} role="alert">
              {message}
            </p>
          )}
          <div className={styles.scan}>
            <button type="button" className="adm-primary" onClick={() => setCamera((on) => !on)} aria-pressed={camera}>
              {camera ? 'カメラを止める' : 'カメラで読み取る'}
            </button>
            {camera && <Camera onCode={(code) => void submit({ code })} onError={setMessage} />}
            <label htmlFor={ids.photo} className={`adm-button ${styles.photo}`}>
              写真から読み取る
            </label>
            <input
              id={ids.photo}
              className="visually-hidden"
              type="file"
              accept="image/*"
              capture="environment"
              onChange={(e) => {
                void onPhoto(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </div>
          <form className={styles.typed} onSubmit={onTyped}>
            <label htmlFor={ids.rsvno}>予約番号で照合</label>
            <div className={styles.inline}>
              <input
                id={ids.rsvno}
                value={typed}
                maxLength={20}
                autoCapitalize="characters"
                autoComplete="off"
                onChange={(e) => setTyped(e.target.value)}
              />
              <button type="submit" className="adm-primary" disabled={scan.isPending}>
                照合する
              </button>
            </div>
          </form>
          {chosen && (
            <div className={styles.noShows}>
              {confirmNoShows ? (
                <p>
                  この便でチェックインしていない参加者を無断不参加として記録します。
                  <button type="button" className="adm-primary" disabled={offline} onClick={() => void markNoShows()}>
                    記録する
                  </button>
                  <button type="button" onClick={() => setConfirmNoShows(false)}>
                    やめる
                  </button>
                </p>
              ) : (
                <button type="button" disabled={offline} onClick={() => setConfirmNoShows(true)}>
                  無断不参加を記録
                </button>
              )}
            </div>
          )}
          <p className={styles.deviceName}>
            端末：{device}{' '}
            <button type="button" className="adm-link-button" onClick={() => setDevice('')}>
              変更
            </button>
          </p>
        </>
      )}
    </AdminPage>
  );
}
