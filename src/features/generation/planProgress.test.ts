import { estimatePlanLength, planProgress } from './planProgress';

describe('plan progress', () => {
  it('counts a step per sentence of the instructions, plus opening the start page', () => {
    expect(estimatePlanLength('<p>Add a todo called "Buy milk". Verify "Buy milk" is listed.</p>')).toBe(3);
    expect(estimatePlanLength('<ul><li>Open the cart</li><li>Pay by card</li></ul>')).toBe(3);
    expect(estimatePlanLength('Click "Next. Really." then stop')).toBe(2);
    expect(estimatePlanLength('')).toBe(1);
  });

  it('says which step is being generated, never past the end', () => {
    expect(planProgress('<p>One. Two.</p>', 0)).toEqual({ done: 0, current: 1, total: 3, percent: 0 });
    expect(planProgress('<p>One. Two.</p>', 2)).toEqual({ done: 2, current: 3, total: 3, percent: 67 });
    // More steps than the estimate: the plan grew.
    expect(planProgress('<p>One. Two.</p>', 5)).toEqual({ done: 5, current: 6, total: 6, percent: 83 });
  });
});
