// vs_2_0: sincos takes the two D3DSINCOSCONST constants as extra sources (SM2 only).
vs_2_0
def c0, -1.55009923e-006, -2.17013894e-005, 0.00260416674, 0.00026041668
def c1, -0.020833334, -0.125, 1, 0.5
dcl_position v0
sincos r0.xy, v0.x, c0, c1
sincos r1.x, v0.y, c0, c1
sincos r2.y, v0.z, c0, c1
mov r3, v0
mov r3.xy, r0
add r3.x, r3.x, r1.x
add r3.y, r3.y, r2.y
mov oPos, r3
