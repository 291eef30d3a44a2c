# bench/gen-sql.awk - a deterministic SQL workload for sqlite3's shell
# (bench/stacks-real.sh): awk -v n=ROWS -f gen-sql.awk >work.sql
#
# Customers and orders inserted one statement at a time (the parser and
# the code generator run for each), a trigger keeping per-customer
# totals, two indexes built afterwards, then joins, aggregates, a
# correlated subquery, a recursive CTE, LIKE, updates and deletes.  The
# values come from a fixed multiplicative congruential generator, so every run
# and every build prints the same results.
function rnd(m) {
	# Park and Miller's: exact in a double, so every awk agrees.
	seed = (seed * 16807) % 2147483647
	return int(seed / 16) % m
}
BEGIN {
	if (n == "")
		n = 40000
	seed = 1
	ncust = int(n / 20) + 1
	print "CREATE TABLE cust(id INTEGER PRIMARY KEY, name TEXT, region INTEGER, total INTEGER DEFAULT 0, norders INTEGER DEFAULT 0);"
	print "CREATE TABLE ord(id INTEGER PRIMARY KEY, cust INTEGER, item INTEGER, qty INTEGER, price INTEGER, note TEXT);"
	print "CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT, cat INTEGER);"
	print "CREATE TRIGGER ord_ins AFTER INSERT ON ord BEGIN"
	print "  UPDATE cust SET total = total + new.qty * new.price, norders = norders + 1 WHERE id = new.cust;"
	print "END;"
	print "BEGIN;"
	for (i = 1; i <= ncust; i++)
		printf "INSERT INTO cust(id, name, region) VALUES(%d, 'customer %d', %d);\n", i, rnd(1000000), rnd(50)
	for (i = 1; i <= 500; i++)
		printf "INSERT INTO item VALUES(%d, 'item-%05d', %d);\n", i, rnd(100000), rnd(20)
	for (i = 1; i <= n; i++)
		printf "INSERT INTO ord(cust, item, qty, price, note) VALUES(%d, %d, %d, %d, 'note %d %d');\n", rnd(ncust) + 1, rnd(500) + 1, rnd(10) + 1, rnd(10000), rnd(100000), i
	print "COMMIT;"
	print "CREATE INDEX ord_cust ON ord(cust);"
	print "CREATE INDEX ord_item ON ord(item, qty);"
	print "SELECT region, count(*), sum(o.qty * o.price), max(o.price) FROM cust c JOIN ord o ON o.cust = c.id GROUP BY region ORDER BY region;"
	print "SELECT i.cat, count(DISTINCT o.cust), sum(o.qty) FROM item i JOIN ord o ON o.item = i.id JOIN cust c ON c.id = o.cust WHERE c.region < 25 GROUP BY i.cat ORDER BY 3 DESC;"
	print "SELECT name, total FROM cust ORDER BY total DESC, id LIMIT 5;"
	print "SELECT count(*) FROM cust c WHERE (SELECT sum(qty) FROM ord o WHERE o.cust = c.id) > 100;"
	print "SELECT count(*), sum(length(note)) FROM ord WHERE note LIKE '%77%';"
	print "WITH RECURSIVE r(x, s) AS (SELECT 1, 0 UNION ALL SELECT x + 1, (s + x * x) % 1000003 FROM r WHERE x < 200000) SELECT max(s), count(*) FROM r;"
	print "UPDATE ord SET price = price + 1 WHERE id % 7 = 0;"
	print "DELETE FROM ord WHERE id % 13 = 0;"
	print "SELECT count(*), sum(qty * price) FROM ord;"
	print "SELECT c.region, i.cat, count(*) FROM ord o JOIN cust c ON c.id = o.cust JOIN item i ON i.id = o.item GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2 LIMIT 3;"
}
