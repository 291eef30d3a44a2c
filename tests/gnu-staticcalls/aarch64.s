/* -c on aarch64: BL and B, forward and backward (tests/gnu-staticcalls). */
	.text
	.globl _start
	.type _start,%function
_start:	bl	leaf_b
	bl	leaf_a
	b	tail_c
	.globl caller
	.type caller,%function
caller:	bl	leaf_a
	nop
	ret
	.globl leaf_a
	.type leaf_a,%function
leaf_a:	ret
	.globl leaf_b
	.type leaf_b,%function
leaf_b:	bl	caller
	ret
	.globl tail_c
	.type tail_c,%function
tail_c:	ret
