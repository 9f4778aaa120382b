// ps_2_0: oC0 is the output.
ps_2_0
mov oC0, c0
