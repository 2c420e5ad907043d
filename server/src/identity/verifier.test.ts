import { type AccessClaims, keptVerified, VERIFIED_TOKENS_KEPT } from './verifier';

describe('keptVerified', () => {
  const claimsFor = (token: string, exp: number): AccessClaims => ({ sub: `user-${token}`, exp });

  it('checks a token once while it is valid, again once it has expired, and never keeps a refusal', async () => {
    let now = 1_000_000;
    const checked: string[] = [];
    const verify = jest.fn(async (token: string) => {
      checked.push(token);
      if (token === 'forged') throw new Error('bad signature');
      if (now >= 1_060_000) throw new Error('expired');
      return claimsFor(token, 1_060);
    });
    const signed = keptVerified(verify, () => now);

    await expect(signed('a')).resolves.toEqual({ sub: 'user-a', exp: 1_060 });
    await expect(signed('a')).resolves.toEqual({ sub: 'user-a', exp: 1_060 });
    await expect(signed('forged')).rejects.toThrow('bad signature');
    await expect(signed('forged')).rejects.toThrow('bad signature');
    expect(checked).toEqual(['a', 'forged', 'forged']);

    now = 1_060_000;
    await expect(signed('a')).rejects.toThrow('expired');
    await expect(signed('a')).rejects.toThrow('expired');
    expect(checked).toEqual(['a', 'forged', 'forged', 'a', 'a']);
  });

  it(`keeps the last ${VERIFIED_TOKENS_KEPT} tokens and checks an older one again`, async () => {
    const verify = jest.fn(async (token: string) => claimsFor(token, 2_000_000_000));
    const signed = keptVerified(verify, () => 0);
    for (let n = 0; n <= VERIFIED_TOKENS_KEPT; n++) await signed(`t${n}`);
    expect(verify).toHaveBeenCalledTimes(VERIFIED_TOKENS_KEPT + 1);

    await signed(`t${VERIFIED_TOKENS_KEPT}`);
    expect(verify).toHaveBeenCalledTimes(VERIFIED_TOKENS_KEPT + 1);
    await signed('t0');
    expect(verify).toHaveBeenCalledTimes(VERIFIED_TOKENS_KEPT + 2);
  });
});
