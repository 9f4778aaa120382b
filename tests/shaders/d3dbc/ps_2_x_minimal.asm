// ps_2_x: the extended pixel shader version: 32 temporaries.
ps_2_x
dcl t0
mov r31, t0
mov oC0, r31
