/** SPEC §2 Confirm / §9: 3 steps, or 4 with rental. */
export function purchaseSteps(hasRental: boolean): string[] {
  return hasRental
    ? ['お客様情報入力', 'レンタル情報入力', '購入内容確認', '完了']
    : ['お客様情報入力', '購入内容確認', '完了'];
}

export type PurchaseStep = 'member' | 'rental' | 'check' | 'complete';

export function purchaseStepIndex(step: PurchaseStep, hasRental: boolean): number {
  const order: PurchaseStep[] = hasRental ? ['member', 'rental', 'check', 'complete'] : ['member', 'check', 'complete'];
  return Math.max(0, order.indexOf(step));
}
