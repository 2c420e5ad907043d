// A sentence whose subject is an action and whose verb is its effect (issue 29): 'Pressing ? opens the
// shortcuts help', 'Clicking a tag like #news takes you to /tags/news'. It is two steps: the action,
// then the check of what it does.

const GERUNDS: Record<string, string> = {
  clicking: 'Click',
  'clicking on': 'Click',
  tapping: 'Tap',
  'tapping on': 'Tap',
  pressing: 'Press',
  hitting: 'Press',
  selecting: 'Select',
  choosing: 'Choose',
  hovering: 'Hover over',
  'hovering over': 'Hover over',
  ticking: 'Tick',
  unticking: 'Untick',
};

const EFFECT =
  /^(clicking on|clicking|tapping on|tapping|pressing|hitting|selecting|choosing|hovering over|hovering|ticking|unticking)\s+(.+?)\s+(opens|shows|reveals|displays|brings up|expands|takes (?:you|the user|me|us) to|leads to|navigates to|redirects to|goes to)\s+(.+)$/i;

/** The action and the check a sentence of this shape stands for, or null. */
export function gerundEffect(text: string): [string, string] | null {
  const m = EFFECT.exec(text.trim().replace(/[.!]+$/, ''));
  if (!m) return null;
  // 'a hashtag like #caturday': the example is what is clicked.
  const object = /\b(?:like|such as|e\.g\.?)\s+(\S.*)$/i.exec(m[2])?.[1] ?? m[2];
  const action = `${GERUNDS[m[1].toLowerCase()]} ${object}`;
  const effect = m[4].trim();
  if (/^(?:takes|leads|navigates|redirects|goes)\b/i.test(m[3]))
    return [
      action,
      /^(?:\/|https?:)/i.test(effect) ? `Verify the URL contains ${effect}` : `You are on ${effect}`,
    ];
  return [action, `Verify ${effect} is visible`];
}

/** 'Select Married, which reveals the spouse fields': the order, then the check of what it shows. */
export function whichReveals(text: string): [string, string] | null {
  const m =
    /^(.+?),?\s+which\s+(?:reveals|shows|opens|displays|brings up|makes)\s+(.+?)(?:\s+(?:appear|visible|show up))?$/i.exec(
      text.trim().replace(/[.!]+$/, ''),
    );
  return m ? [m[1], `Verify ${m[2]} is visible`] : null;
}
