// ps_2_0: four color outputs and the depth output.
ps_2_0
dcl t0
mov oC0, t0
mov oC1, c0
mov oC2, c1
mov oC3, c2
mov oDepth, t0.z
