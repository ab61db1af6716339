// A value slot's type as people read it in an error: the metadata's `%IP4`, `%NUM`, `%STR`
// (an option's ValueType, or a Value node's name when it has no Help) is the router API's
// jargon. Known types are said in words; any other is quoted as the router wrote it.
const KNOWN: Readonly<Record<string, string>> = {
  '%NUM': 'a number',
  '%STR': 'a word or a quoted text',
  '%IP4': 'an IPv4 address (x.x.x.x)',
  '%IP4NET': 'an IPv4 prefix (x.x.x.x/x)',
  '%IP6': 'an IPv6 address',
  '%IP6NET': 'an IPv6 prefix (x:x::/n)',
  '%IP': 'an IP address',
  '%MAC': 'a MAC address (xx:xx:xx:xx:xx:xx)',
};

export function valueTypeText(type: string): string {
  return KNOWN[type.toUpperCase()] ?? type;
}
