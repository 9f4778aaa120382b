// ps_1_1: dependent reads through another register's components.
ps_1_1
tex t0
texreg2ar t1, t0
texreg2gb t2, t0
mul r0, t1, t2
