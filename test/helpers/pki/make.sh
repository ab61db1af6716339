#!/usr/bin/env bash
# Makes the throwaway test PKI of test/helpers/test-pki.ts, once, into main/ and other/ (two
# unrelated CAs): keys and certificates the TLS tests read, committed so that no test run starts
# openssl ~14 times to make them again. Valid for 100 years; expired.pem has never been valid.
# These keys protect nothing: never use them outside the tests. Run again only to change them:
#   bash test/helpers/pki/make.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
for set in main other; do
  dir=$here/$set
  rm -rf "$dir" && mkdir -p "$dir" && cd "$dir"
  printf '%s\n' '[server]' 'subjectAltName=IP:127.0.0.1,DNS:localhost' '[other]' \
    'subjectAltName=DNS:router.lab,DNS:r1.lab' '[client]' 'extendedKeyUsage=clientAuth' >ext.cnf
  key() { openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$1" 2>/dev/null; }
  sign() { # KEY CN OUT EXT DAYS
    openssl req -new -key "$1" -subj "/CN=$2" -out "$3.csr"
    openssl x509 -req -in "$3.csr" -CA ca.pem -CAkey ca.key -CAcreateserial -out "$3" -days "$5" \
      -extfile ext.cnf -extensions "$4" 2>/dev/null
    rm "$3.csr"
  }
  key ca.key
  openssl req -x509 -new -key ca.key -subj '/CN=routersh test CA' -days 36500 -out ca.pem
  key server.key
  sign server.key 127.0.0.1 server.pem server 36500
  sign server.key router.lab other.pem other 36500
  # -days -1: valid until a day before it was issued, i.e. expired.
  sign server.key 127.0.0.1 expired.pem server -1
  key client.key
  sign client.key routersh client.pem client 36500
  key stray.key
  cat client.pem client.key >client-both.pem
  rm -f ext.cnf ca.srl
done
