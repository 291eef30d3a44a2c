# gen-xml.awk - write a deterministic XML document for the real-program
# tests.  Variables: n (records, default 1000), enc ("utf8" or "latin1"),
# dtd (1: an internal DTD subset with entities and attribute defaults).
# nopi=1 leaves out processing instructions (tinyxml2 rejects them).
# No randomness: the same variables always give the same bytes.
BEGIN {
	n = n ? n : 1000
	if (enc == "latin1")
		print "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>"
	else
		print "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
	if (dtd) {
		print "<!DOCTYPE catalog ["
		print "<!ELEMENT catalog (item)*>"
		print "<!ATTLIST item kind CDATA \"plain\" id ID #REQUIRED>"
		print "<!ENTITY co \"Example Company &amp; Sons\">"
		print "<!ENTITY lic \"licensed under &co; terms\">"
		print "<!NOTATION gif SYSTEM \"image/gif\">"
		print "]>"
	}
	print "<catalog xmlns=\"urn:x-real:a\" xmlns:b=\"urn:x-real:b\">"
	for (i = 1; i <= n; i++) {
		printf "  <item id=\"i%d\" b:rank=\"%d\" note='n &lt; %d'>\n", \
			i, (i * 7919) % 1000, i % 13
		printf "    <b:title>Title %d &amp; more</b:title>\n", i
		if (dtd)
			printf "    <text>&lic; %d</text>\n", i
		if (i % 3 == 0)
			printf "    <!-- comment %d -->\n", i
		if (!nopi && i % 5 == 0)
			printf "    <?proc step=\"%d\"?>\n", i
		if (i % 7 == 0)
			printf "    <data><![CDATA[raw <%d> & data]]></data>\n", i
		if (enc == "latin1")
			printf "    <name>caf\351 na\357ve %d</name>\n", i
		else
			printf "    <name>caf\303\251 &#x263A; %d</name>\n", i
		printf "    <empty flag=\"yes\"/>\n"
		print "  </item>"
	}
	print "</catalog>"
}
