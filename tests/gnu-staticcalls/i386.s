/* -c on i386: CALL rel32 forward and backward (tests/gnu-staticcalls). */
	.text
	.globl _start
	.type _start,@function
_start:	call	leaf_b
	call	leaf_a
	ret
	.globl caller
	.type caller,@function
caller:	call	leaf_a
	ret
	.globl leaf_a
	.type leaf_a,@function
leaf_a:	ret
	.globl leaf_b
	.type leaf_b,@function
leaf_b:	call	caller
	ret
