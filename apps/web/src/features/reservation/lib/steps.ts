/** SPEC §2 Confirm / §9: 3 steps, or 4 with rental; `names` are the four in the page's language. */
export function purchaseSteps(hasRental: boolean, names: readonly string[]): string[] {
  const [member = '', rental = '', check = '', complete = ''] = names;
  return hasRental ? [member, rental, check, complete] : [member, check, complete];
}

export type PurchaseStep = 'member' | 'rental' | 'check' | 'complete';

export function purchaseStepIndex(step: PurchaseStep, hasRental: boolean): number {
  const order: PurchaseStep[] = hasRental ? ['member', 'rental', 'check', 'complete'] : ['member', 'check', 'complete'];
  return Math.max(0, order.indexOf(step));
}
