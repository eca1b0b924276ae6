export type PurchaseStep = 'member' | 'rental' | 'check' | 'complete';

/** SPEC §2 Confirm / §9: 3 steps, or 4 with rental, each named in the page's language by `name`. */
export function purchaseSteps(hasRental: boolean, name: (step: PurchaseStep) => string): string[] {
  const steps: PurchaseStep[] = hasRental ? ['member', 'rental', 'check', 'complete'] : ['member', 'check', 'complete'];
  return steps.map(name);
}

export function purchaseStepIndex(step: PurchaseStep, hasRental: boolean): number {
  const order: PurchaseStep[] = hasRental ? ['member', 'rental', 'check', 'complete'] : ['member', 'check', 'complete'];
  return Math.max(0, order.indexOf(step));
}
