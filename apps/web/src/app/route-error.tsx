import { Msg } from '@tabi/contract/messages';

export function RouteError() {
  return (
    <div className="container page">
      <h1 className="page-title">エラー</h1>
      <p>{Msg.unexpected}</p>
      <a className="btn btn-secondary" href="/">
        トップページへ
      </a>
    </div>
  );
}
