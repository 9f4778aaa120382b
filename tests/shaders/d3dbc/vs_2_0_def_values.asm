// vs_2_0: def values: zero, negative zero, fractions, exponents, large and tiny numbers.
vs_2_0
def c0, 0, -0, 1, -1
def c1, 0.5, 0.333333343, 3.14159274, -2.71828175
def c2, 1e+10, -1e-10, 3.40282347e+38, 1.17549435e-38
def c3, 123456, 0.0001, 65504, -65504
dcl_position v0
add r0, v0, c0
add r0, r0, c1
add r0, r0, c2
add oPos, r0, c3
