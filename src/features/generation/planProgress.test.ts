import { estimatePlanLength, planProgress } from './planProgress';

describe('plan progress', () => {
  it('counts a step per sentence of the instructions, plus opening the start page', () => {
    expect(estimatePlanLength('<p>Add a todo called "Buy milk". Verify "Buy milk" is listed.</p>')).toBe(3);
    expect(estimatePlanLength('<ul><li>Open the cart</li><li>Pay by card</li></ul>')).toBe(3);
    expect(estimatePlanLength('Click "Next. Really." then stop')).toBe(2);
    expect(estimatePlanLength('')).toBe(1);
  });

  it('says which step is being generated, never past the end', () => {
    expect(planProgress('<p>One. Two.</p>', 0)).toEqual({
      done: 0,
      current: 1,
      total: 3,
      percent: 0,
      exact: false,
    });
    expect(planProgress('<p>One. Two.</p>', 2)).toEqual({
      done: 2,
      current: 3,
      total: 3,
      percent: 67,
      exact: false,
    });
    // More steps than the estimate: the plan grew.
    expect(planProgress('<p>One. Two.</p>', 5)).toEqual({
      done: 5,
      current: 6,
      total: 6,
      percent: 83,
      exact: false,
    });
  });

  it("uses the plan's own length once the server knows it", () => {
    expect(planProgress('<p>One. Two.</p>', 1, 5)).toEqual({
      done: 1,
      current: 2,
      total: 5,
      percent: 20,
      exact: true,
    });
    expect(planProgress('<p>One. Two.</p>', 4, 5)).toEqual({
      done: 4,
      current: 5,
      total: 5,
      percent: 80,
      exact: true,
    });
    // A plan that is all done (the verifier is finishing) falls back to the estimate, never "step 6 of 5".
    expect(planProgress('<p>One. Two.</p>', 5, 5)).toMatchObject({ current: 6, total: 6, exact: false });
  });
});
