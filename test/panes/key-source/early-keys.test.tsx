// The keys the plain prompt read before Ink loaded (shell/early-prompt.ts) are handed to the key
// source as it mounts. They must act only once Ink's render() has returned: the shell's
// handlers use what render() returns (Ctrl-Z's beforeSuspend clears the instance), and a Ctrl-Z
// typed at the plain prompt, acted on inside the first commit, crashed the shell. They must
// still come before anything stdin reads after them.
import { render } from 'ink-testing-library';
import { Text } from 'ink';
import { describe, expect, it } from 'vitest';
import { KeyProvider } from '../../../src/panes/key-source/KeyProvider.js';
import { useKeys } from '../../../src/panes/key-source/use-keys.js';
import { waitFor } from '../../helpers/ink.js';

describe('early keys', () => {
  it('act after render() returns, in order, before the keys stdin reads next', async () => {
    const seen: string[] = [];
    let rendered = false;
    function Probe() {
      useKeys((k) => {
        seen.push(`${rendered ? 'after' : 'inside'} ${k.name}`);
        return true;
      });
      return <Text>probe</Text>;
    }
    let handed = 0;
    const early = () => {
      handed++;
      return ['a', 'b'];
    };
    const app = render(
      <KeyProvider earlyKeys={early}>
        <Probe />
      </KeyProvider>,
    );
    rendered = true;
    expect(seen).toEqual([]);
    app.stdin.write('c');
    await waitFor(() => expect(seen).toEqual(['after a', 'after b', 'after c']));
    expect(handed).toBe(1);
    app.unmount();
  });
});
