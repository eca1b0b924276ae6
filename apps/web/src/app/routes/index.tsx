export function Component() {
  return (
    <div className="container page">
      <h1 className="page-title">準備中</h1>
    </div>
  );
}
