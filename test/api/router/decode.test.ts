import { describe, expect, it } from 'vitest';
import {
  decodeEnvelope,
  decodeNodeInfo,
  decodeShowOutput,
  joinMessage,
} from '../../../src/api/router/decode.js';
import { isRoutershError } from '../../../src/errors.js';

function protocolFailure(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (isRoutershError(e) && e.code === 'protocol') return e.message;
    throw e;
  }
  throw new Error('expected a protocol error');
}

describe('joinMessage', () => {
  it('does not double the trailing newline element', () => {
    expect(joinMessage(['Interface created', '\n'])).toBe('Interface created\n');
    expect(joinMessage(['a\n', 'b\n', '\n'])).toBe('a\nb\n');
    expect(joinMessage(['a', 'b'])).toBe('a\nb\n');
    expect(joinMessage([])).toBe('');
    expect(joinMessage(['\n'])).toBe('');
  });
});

describe('decodeEnvelope', () => {
  it('accepts OK/Error/ERROR in any case', () => {
    expect(decodeEnvelope({ RequestStatus: 'OK' }).ok).toBe(true);
    expect(decodeEnvelope({ RequestStatus: 'ok' }).ok).toBe(true);
    expect(decodeEnvelope({ RequestStatus: 'Error', ErrorStatus: 'x' }).ok).toBe(false);
    expect(decodeEnvelope({ RequestStatus: 'ERROR' }).ok).toBe(false);
  });
  it('joins Message and keeps unknown fields', () => {
    const env = decodeEnvelope({ RequestStatus: 'OK', Message: ['line 1\nline 2', '\n'], Extra: 5 });
    expect(env.message).toBe('line 1\nline 2\n');
    expect(env.messageLines).toEqual(['line 1', 'line 2']);
    expect(env.raw['Extra']).toBe(5);
  });
  it('treats null Message as empty', () => {
    expect(decodeEnvelope({ RequestStatus: 'OK', Message: null }).message).toBe('');
  });
  it('turns wrong shapes into protocol errors', () => {
    expect(protocolFailure(() => decodeEnvelope([]))).toMatch(/not a JSON object/);
    expect(protocolFailure(() => decodeEnvelope({}))).toMatch(/no RequestStatus/);
    expect(protocolFailure(() => decodeEnvelope({ RequestStatus: 1 }))).toMatch(/RequestStatus/);
    expect(protocolFailure(() => decodeEnvelope({ RequestStatus: 'OK', Message: {} }))).toMatch(/Message/);
    expect(protocolFailure(() => decodeEnvelope({ RequestStatus: 'OK', NodeInfo: 'x' }))).toMatch(/NodeInfo/);
  });
});

const wireNode = {
  Name: 'interface',
  Type: 'Token',
  Description: 'Interfaces',
  AllowSet: 0,
  AllowUnset: 1,
  AllowShow: 1,
  HasSubnodes: 1,
  SetValues: null,
  SetOptions: null,
  PossibleValues: null,
  PossibleOptions: null,
  Vendor: 'kept',
  SubNodes: [
    {
      Name: '%IF',
      Type: 'Value',
      Help: '<ifname.vlanid>',
      InputRe: '([\\w\\-\\.\\d]+)',
      AllowSet: 1,
      AllowUnSet: 1,
      MultiValue: 1,
      SetValues: ['eth0', 'eth1'],
      SetOptions: [{ mtu: ['1500'] }, { mtu: [9000] }],
      PossibleOptions: {
        mtu: { InputRe: '\\d+', ValueType: '%NUM', Count: 1, AvailableInSet: 1, Key: 0 },
        up: { Count: 1, AvailableInSet: 1, AvailableInUnSet: 1 },
      },
    },
  ],
};

describe('decodeNodeInfo', () => {
  it('decodes flags, null lists, both AllowUnSet spellings and options in order', () => {
    const n = decodeNodeInfo(wireNode);
    expect(n).toMatchObject({ name: 'interface', type: 'Token', allowSet: false, allowUnSet: true });
    expect(n.setValues).toEqual([]);
    expect(n.possibleOptions).toEqual([]);
    expect(n.raw['Vendor']).toBe('kept');
    const v = n.subNodes[0]!;
    expect(v).toMatchObject({ type: 'Value', help: '<ifname.vlanid>', allowUnSet: true, multiValue: true });
    expect(v.setOptions).toEqual([{ mtu: ['1500'] }, { mtu: ['9000'] }]);
    expect(v.possibleOptions.map((o) => o.name)).toEqual(['mtu', 'up']);
    expect(v.possibleOptions[0]).toMatchObject({
      valueType: '%NUM',
      count: 1,
      availableInSet: true,
      key: false,
    });
    expect(v.possibleOptions[1]?.inputRe).toBeUndefined();
  });
  it('keeps the parts that repeat once: equal entries, equal option values, a key equal to its SetValues word', () => {
    const wire = {
      Name: '%STR',
      Type: 'Value',
      SetValues: ['a', 'b', 'c', 'host-with-a-long-name'],
      SetOptions: [
        { timeout: ['60'], key: ['net'] },
        { timeout: ['60'], key: ['net'] },
        { timeout: ['90'], key: ['net'] },
        { name: ['host-with-a-long-name'] },
      ],
    };
    const expected = structuredClone(wire.SetOptions);
    // A word of the answer that is a separate string from SetValues' (as JSON.parse makes long ones).
    wire.SetOptions[3]!.name = [`host-with-a-long-${'name'}`];
    const n = decodeNodeInfo(wire);
    expect(n.setOptions).toEqual(expected);
    expect(n.setOptions[1]).toBe(n.setOptions[0]);
    expect(n.setOptions[2]).not.toBe(n.setOptions[1]);
    expect(n.setOptions[2]!['key']).toBe(n.setOptions[1]!['key']);
    expect(n.setOptions[2]!['timeout']).toEqual(['90']);
  });

  it('rejects wrong shapes with a protocol error naming the field', () => {
    expect(protocolFailure(() => decodeNodeInfo({ Type: 'Token' }))).toMatch(/Name/);
    expect(protocolFailure(() => decodeNodeInfo({ Name: 'x', SubNodes: 'y' }))).toMatch(/SubNodes/);
    expect(protocolFailure(() => decodeNodeInfo({ Name: 'x', AllowSet: 'yes' }))).toMatch(/AllowSet/);
    expect(protocolFailure(() => decodeNodeInfo({ Name: 'x', Type: 'Other' }))).toMatch(/Type/);
    expect(protocolFailure(() => decodeNodeInfo({ Name: 'x', SubNodes: [{ Name: 1, Type: {} }] }))).toMatch(
      /SubNodes\[0\]/,
    );
  });
});

describe('decodeShowOutput', () => {
  it('keeps text and decodes tables from row objects or a header row', () => {
    expect(decodeShowOutput('up\n')).toBe('up\n');
    expect(
      decodeShowOutput([
        { name: 'eth0', mtu: 1500 },
        { name: 'eth1', state: null },
      ]),
    ).toEqual({
      columns: ['name', 'mtu', 'state'],
      rows: [
        ['eth0', '1500', ''],
        ['eth1', '', ''],
      ],
    });
    expect(
      decodeShowOutput([
        ['name', 'mtu'],
        ['eth0', 1500],
      ]),
    ).toEqual({
      columns: ['name', 'mtu'],
      rows: [['eth0', '1500']],
    });
    // Other shapes degrade instead of failing the command: a scalar is its JSON text, rows
    // that are not objects are one cell of compact JSON.
    expect(decodeShowOutput(5)).toBe('5');
    expect(decodeShowOutput([1, 2])).toEqual({ columns: ['value'], rows: [['1'], ['2']] });
  });
  it('sets showFormat from the shape inside a node', () => {
    const n = decodeNodeInfo({ Name: 'x', ShowOutput: [{ a: 1 }], ShowFormat: 'table' });
    expect(n.showFormat).toBe('table');
    expect(n.showOutput).toEqual({ columns: ['a'], rows: [['1']] });
  });
});
