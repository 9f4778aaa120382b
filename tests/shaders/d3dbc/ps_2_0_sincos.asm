// ps_2_0: sincos with the constant sources.
ps_2_0
def c0, -1.55009923e-006, -2.17013894e-005, 0.00260416674, 0.00026041668
def c1, -0.020833334, -0.125, 1, 0.5
dcl t0
sincos r0.xy, t0.x, c0, c1
mov r1, t0
mov r1.xy, r0
mov oC0, r1
