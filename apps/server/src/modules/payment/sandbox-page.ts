/** The sandbox's hosted checkout page: self-contained Japanese HTML, inline CSS, no script (the CSP forbids it). */
import { formatJpy } from '@tabi/contract/format';
import { escapeHtml } from '@tabi/contract/html';

export interface CheckoutPageModel {
  id: string;
  name: string;
  amount: number;
  email: string;
  cancelUrl: string;
  successUrl: string;
  state: 'open' | 'complete' | 'expired';
  /** Shown above the form: a decline or an input problem. */
  error?: { title: string; message: string } | undefined;
  expiry?: string | undefined;
}

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;background:linear-gradient(180deg,#eef3f8 0%,#f7f9fb 60%);color:#1f2933;
font-family:-apple-system,BlinkMacSystemFont,"Hiragino Sans","Hiragino Kaku Gothic ProN","Noto Sans JP","Yu Gothic UI","Meiryo",sans-serif;
line-height:1.6;font-size:16px}
.wrap{max-width:960px;margin:0 auto;padding:24px 16px 48px}
.top{display:flex;align-items:center;justify-content:space-between;gap:12px;margin-bottom:20px}
.brand{font-weight:700;font-size:1.05rem;color:#12355b;letter-spacing:.02em}
.badge{display:inline-block;font-size:.75rem;font-weight:700;color:#8a4b00;background:#fff3d6;border:1px solid #f3c969;
border-radius:999px;padding:2px 10px}
.grid{display:grid;gap:20px}
@media (min-width:800px){.grid{grid-template-columns:1fr 1.15fr;align-items:start}.wrap{padding-top:48px}}
.panel{background:#fff;border-radius:14px;box-shadow:0 1px 2px rgba(16,42,67,.06),0 8px 24px rgba(16,42,67,.08);padding:24px}
.summary h1{font-size:.95rem;font-weight:600;color:#52606d;margin:0 0 6px}
.amount{font-size:2.1rem;font-weight:700;letter-spacing:.01em;margin:0 0 16px;color:#102a43}
.amount small{font-size:.85rem;font-weight:500;color:#52606d;margin-left:6px}
dl{margin:0;display:grid;gap:10px}
dt{font-size:.8rem;color:#486581}
dd{margin:0;font-weight:600;word-break:break-word}
h2{font-size:1.1rem;margin:0 0 16px;color:#102a43}
.field{margin-bottom:16px}
label{display:block;font-size:.9rem;font-weight:600;margin-bottom:6px;color:#243b53}
input{width:100%;font:inherit;font-size:1.05rem;padding:12px 14px;border:1px solid #bcccdc;border-radius:10px;background:#fff;color:#102a43}
input:focus{outline:3px solid rgba(38,110,201,.35);border-color:#266ec9}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.pay{display:block;width:100%;border:0;border-radius:10px;padding:14px 16px;font:inherit;font-size:1.05rem;font-weight:700;
color:#fff;background:#1d64c0;cursor:pointer;margin-top:8px}
.pay:hover{background:#17539f}
.pay:focus-visible{outline:3px solid #f0b429;outline-offset:2px}
.cancel{display:block;text-align:center;margin-top:14px;color:#1d64c0;font-weight:600}
.cancel:focus-visible{outline:3px solid #f0b429;outline-offset:2px}
.alert{border-radius:10px;padding:12px 14px;margin-bottom:16px;border:1px solid #f5a3a3;background:#fff1f1;color:#8a1c1c}
.alert strong{display:block;margin-bottom:2px}
.alert a{color:#8a1c1c;font-weight:700}
.notice{border-radius:10px;padding:12px 14px;margin-top:20px;background:#f0f4f8;color:#334e68;font-size:.85rem}
.notice p{margin:0 0 6px}
.notice ul{margin:0;padding-left:1.2em}
.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;letter-spacing:.04em}
.done{text-align:center}
.done p{margin:0 0 16px}
.link-btn{display:inline-block;border-radius:10px;padding:12px 20px;font-weight:700;color:#fff;background:#1d64c0;text-decoration:none}
.foot{margin-top:28px;text-align:center;font-size:.8rem;color:#486581;text-wrap:balance}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}｜さくらトラベル</title>
<style>${STYLE}</style>
</head>
<body>
<div class="wrap">
<header class="top"><span class="brand">さくらトラベル オンライン決済</span><span class="badge">テスト環境</span></header>
<main>
${body}
</main>
<footer class="foot">この画面はテスト用の決済画面です。実際の請求は発生しません。</footer>
</div>
</body>
</html>`;
}

function summary(model: CheckoutPageModel): string {
  return `<section class="panel summary" aria-labelledby="summary-title">
<h1 id="summary-title">お支払い金額</h1>
<p class="amount">${escapeHtml(formatJpy(model.amount))}<small>（税込）</small></p>
<dl>
<div><dt>商品</dt><dd>${escapeHtml(model.name)}</dd></div>
<div><dt>メールアドレス</dt><dd>${escapeHtml(model.email)}</dd></div>
</dl>
</section>`;
}

export function checkoutPage(model: CheckoutPageModel): string {
  if (model.state === 'complete') {
    return layout(
      'お支払い完了',
      `<div class="grid">${summary(model)}<section class="panel done"><h2>お支払いは完了しています</h2>
<p>このお支払いはすでに完了しています。</p>
<a class="link-btn" href="${escapeHtml(model.successUrl)}">予約内容の確認へ進む</a></section></div>`,
    );
  }
  if (model.state === 'expired') {
    return layout(
      'お支払いの有効期限切れ',
      `<div class="grid">${summary(model)}<section class="panel done"><h2>お支払いの有効期限が切れました</h2>
<p>お手数ですが、はじめからお手続きをやり直してください。</p>
<a class="link-btn" href="${escapeHtml(model.cancelUrl)}">戻る</a></section></div>`,
    );
  }
  const error = model.error
    ? `<div class="alert" role="alert"><strong>${escapeHtml(model.error.title)}</strong>${escapeHtml(model.error.message)}
<br><a href="${escapeHtml(model.cancelUrl)}">お支払いを中止して戻る</a></div>`
    : '';
  const form = `<section class="panel" aria-labelledby="card-title">
<h2 id="card-title">カード情報の入力</h2>
${error}
<form method="post" action="/sandbox/checkout/${escapeHtml(model.id)}" novalidate>
<div class="field"><label for="card-number">カード番号</label>
<input id="card-number" name="number" class="mono" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23" required></div>
<div class="row">
<div class="field"><label for="card-expiry">有効期限（月/年）</label>
<input id="card-expiry" name="expiry" class="mono" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" maxlength="7" value="${escapeHtml(model.expiry ?? '')}" required></div>
<div class="field"><label for="card-cvc">セキュリティコード</label>
<input id="card-cvc" name="cvc" class="mono" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" required></div>
</div>
<button class="pay" type="submit">${escapeHtml(formatJpy(model.amount))} を支払う</button>
</form>
<a class="cancel" href="${escapeHtml(model.cancelUrl)}">キャンセル</a>
<div class="notice"><p>テスト用カード番号（有効期限は未来の日付、セキュリティコードは任意の3桁）</p>
<ul><li><span class="mono">4242 4242 4242 4242</span>：決済成功</li><li><span class="mono">4000 0000 0000 0002</span>：カード拒否</li></ul></div>
</section>`;
  return layout('お支払い', `<div class="grid">${summary(model)}${form}</div>`);
}

export function notFoundPage(): string {
  return layout(
    '決済画面が見つかりません',
    `<section class="panel done"><h2>決済画面が見つかりません</h2><p>URLをご確認のうえ、はじめからお手続きをやり直してください。</p>
<a class="link-btn" href="/">トップページへ</a></section>`,
  );
}
