import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { jsonBody } from './http-cache.ts';

/**
 * The benchmark's ceiling: a precomputed envelope about the size of a list page, served from memory with
 * the same headers path as the list. Registered only with BENCH_ROUTES=1 (scripts/bench.mjs).
 */
export function registerBenchRoutes(app: FastifyInstance): void {
  const item = (i: number) => ({
    opcd: `BENCH${String(i).padStart(3, '0')}`,
    webname: '【東京駅発】スカイツリー・浅草・お台場めぐり 日帰りバスツアー（昼食付き）',
    introduction: `<p>${'東京の定番スポットを1日でぎゅっと巡る人気のバスツアーです。'.repeat(3)}</p>`,
    imageList: Array.from({ length: 4 }, (_, n) => ({
      image: `/images/OP0001-${n + 1}.svg`,
      caption: '青空の下の高層ビル街と電波塔',
      alt: 'イラスト：晴れた青空の下、水辺に並ぶ高層ビル群と、先のとがった高い電波塔。',
      srcset: '',
      width: 1200,
      height: 800,
    })),
    keywordList: [
      { keycd: 'K01', keyname: '日帰り' },
      { keycd: 'K02', keyname: '食事付き' },
      { keycd: 'K05', keyname: '絶景' },
    ],
    use_from: '20260101',
    use_to: '20261231',
    fromspot: '東京駅',
    homen: '関東',
    area: '東京',
    city: '台東区',
    min_baika: 9800,
    max_baika: 11800,
    flg_request_item: 0,
  });
  const links = [
    { url: null, label: '« 前へ', active: false },
    ...Array.from({ length: 5 }, (_, n) => ({
      url: `/api/option?page=${n + 1}`,
      label: String(n + 1),
      active: n === 0,
    })),
    { url: '/api/option?page=2', label: '次へ »', active: false },
  ];
  const body = jsonBody(
    ok({
      optionList: {
        data: Array.from({ length: 10 }, (_, i) => item(i + 1)),
        links,
        from: 1,
        to: 10,
        total: 42,
        current_page: 1,
        last_page: 5,
      },
    }),
  );
  app.get('/_bench/static', async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=5')
      .header('etag', body.etag)
      .type('application/json; charset=utf-8')
      .send(body.body),
  );
}
