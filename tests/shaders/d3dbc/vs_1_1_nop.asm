// vs_1_1: nop, and several defs.
vs_1_1
def c0, 0, 0, 0, 0
def c1, 1, 1, 1, 1
def c95, -1, 2, -3, 4
dcl_position v0
nop
mov oPos, v0
nop
