// txml.cpp - a small driver for tinyxml2 (tests/gnu-real): parse each file
// ROUNDS times, walk the tree, print it and deep-copy it, then print
// one checksum line.  Usage: txml ROUNDS FILE...
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "tinyxml2.h"

using namespace tinyxml2;

static unsigned long
walk(const XMLNode *node, int depth)
{
	unsigned long sum = (unsigned long)depth;

	for (const XMLNode *c = node->FirstChild(); c; c = c->NextSibling()) {
		const XMLElement *e = c->ToElement();
		if (e) {
			for (const XMLAttribute *a = e->FirstAttribute(); a;
			     a = a->Next())
				sum += std::strlen(a->Name()) + a->IntValue();
			if (e->GetText())
				sum += std::strlen(e->GetText());
		}
		sum += walk(c, depth + 1);
	}
	return sum;
}

int
main(int argc, char **argv)
{
	if (argc < 3) {
		std::fprintf(stderr, "usage: txml ROUNDS FILE...\n");
		return 2;
	}
	int rounds = std::atoi(argv[1]);
	unsigned long sum = 0;
	for (int i = 2; i < argc; i++) {
		for (int r = 0; r < rounds; r++) {
			XMLDocument doc;
			if (doc.LoadFile(argv[i]) != XML_SUCCESS) {
				std::fprintf(stderr, "%s: %s\n", argv[i],
				    doc.ErrorStr());
				return 1;
			}
			sum += walk(&doc, 0);
			XMLPrinter printer(nullptr, r % 2 == 1);
			doc.Print(&printer);
			sum += (unsigned long)printer.CStrSize();
			XMLDocument copy;
			doc.DeepCopy(&copy);
			sum += walk(&copy, 0);
		}
	}
	std::printf("%lu\n", sum);
	return 0;
}
