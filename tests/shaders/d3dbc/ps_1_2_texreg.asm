// ps_1_2: texreg2ar and texreg2gb under ps_1_2.
ps_1_2
tex t0
texreg2ar t1, t0
texreg2gb t2, t0
mul r0, t1, t2
