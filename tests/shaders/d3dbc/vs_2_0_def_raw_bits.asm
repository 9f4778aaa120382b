// vs_2_0: def values with no decimal form (infinities, NaN) given as raw bits, and a denormal.
vs_2_0
def c0, 0x7f800000, 0xff800000, 0x7fc00000, 0x00000001
dcl_position v0
add oPos, v0, c0
